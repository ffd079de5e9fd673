import { describe, expect, it } from 'vitest';
import { canFilterCredit, isCreditMember } from './credit.ts';

describe('credit members (§6)', () => {
  it.each([
    [null, false, false],
    [{ adhesion: null, parent_id: 3 }, false, false],
    [{ adhesion: 'pending', parent_id: 3 }, false, false],
    [{ adhesion: 'refused', parent_id: null }, false, false],
    [{ adhesion: 'accepted', parent_id: null }, true, false],
    [{ adhesion: 'accepted', parent_id: 3 }, true, true],
  ])('%j: member %s, filters %s', (user, member, filters) => {
    expect(isCreditMember(user)).toBe(member);
    expect(canFilterCredit(user)).toBe(filters);
  });
});
