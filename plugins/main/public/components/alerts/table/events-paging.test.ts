import {
  canGoNext,
  FIRST_PAGE,
  lastWindowPage,
  pageCount,
  pageRequest,
  withAnswer,
} from './events-paging';

describe('events paging', () => {
  it('asks by number while the page ends inside the first 10,000 hits', () => {
    expect(lastWindowPage(100)).toBe(99);
    expect(lastWindowPage(15)).toBe(665);
    expect(pageRequest({ page: 99, cursors: {} }, 100)).toEqual({ page: 99 });
    // 666 × 15 + 15 = 10,005: past the window, so by cursor.
    expect(pageRequest({ page: 666, cursors: { 666: 'c' } }, 15)).toEqual({ cursor: 'c' });
  });

  it('goes past the window with the cursor of the page before, and back to the window without one', () => {
    let state = withAnswer({ ...FIRST_PAGE, page: 99 }, 99, { cursor: 'after-99' });
    expect(state.cursors).toEqual({ 100: 'after-99' });
    state = { ...state, page: 100 };
    expect(pageRequest(state, 100)).toEqual({ cursor: 'after-99' });
    state = withAnswer(state, 100, { cursor: 'after-100' });
    expect(pageRequest({ ...state, page: 101 }, 100)).toEqual({ cursor: 'after-100' });
    expect(pageRequest({ ...state, page: 102 }, 100)).toEqual({ page: 99 });
    expect(withAnswer(state, 100, { cursor: 'after-100' })).toBe(state);
    expect(withAnswer(state, 101, {})).toBe(state);
  });

  it('offers the next page only when more hits follow and there is a way to ask for it', () => {
    const total = { value: 25_000, relation: 'eq' as const };
    expect(pageCount(total, 100)).toBe(250);
    expect(canGoNext({ page: 0, cursors: {} }, 100, total)).toBe(true);
    expect(canGoNext({ page: 99, cursors: {} }, 100, total)).toBe(false);
    expect(canGoNext({ page: 99, cursors: { 100: 'c' } }, 100, total)).toBe(true);
    expect(canGoNext({ page: 249, cursors: { 250: 'c' } }, 100, total)).toBe(false);
    expect(canGoNext({ page: 5, cursors: {} }, 15, { value: 10_000, relation: 'gte' })).toBe(true);
    expect(pageCount({ value: 0, relation: 'eq' }, 15)).toBe(1);
  });
});
