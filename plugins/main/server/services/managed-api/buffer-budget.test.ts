/** The shared buffer budget: reservations add up, a refusal takes nothing, returns free room. */
import { BufferBudget } from './buffer-budget';

describe('BufferBudget', () => {
  it('grants reservations until they would pass the budget, and refuses whole', () => {
    const budget = new BufferBudget(100);
    expect(budget.take(60)).toBe(true);
    expect(budget.take(50)).toBe(false);
    expect(budget.take(40)).toBe(true);
    expect(budget.take(1)).toBe(false);
  });

  it('frees what is given back', () => {
    const budget = new BufferBudget(100);
    expect(budget.take(100)).toBe(true);
    budget.give(30);
    expect(budget.take(30)).toBe(true);
    expect(budget.take(1)).toBe(false);
  });
});
