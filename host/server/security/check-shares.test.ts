import { CheckShares } from './check-shares';

describe('CheckShares', () => {
  it('gives each key up to its limit and refuses the next claim until a share comes back', () => {
    const shares = new CheckShares();
    const claim = [{ key: 'address\n203.0.113.1', limit: 2 }];
    const first = shares.take(claim);
    const second = shares.take(claim);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(shares.take(claim)).toBeNull();
    first?.();
    expect(shares.take(claim)).not.toBeNull();
  });

  it('takes every claimed key or none, so a refused claim holds nothing', () => {
    const shares = new CheckShares();
    const name = { key: 'name\nadmin', limit: 1 };
    const hold = shares.take([name]);
    expect(shares.take([{ key: 'address\nA', limit: 1 }, name])).toBeNull();
    // The address was not counted by the refused claim: it is still free.
    expect(shares.take([{ key: 'address\nA', limit: 1 }])).not.toBeNull();
    hold?.();
    expect(shares.take([name])).not.toBeNull();
  });

  it('counts a release once however often it is called', () => {
    const shares = new CheckShares();
    const claim = [{ key: 'k', limit: 2 }];
    const release = shares.take(claim);
    shares.take(claim);
    release?.();
    release?.();
    expect(shares.take(claim)).not.toBeNull();
    expect(shares.take(claim)).toBeNull();
  });
});
