import { describe, expect, it } from 'vitest';
import { ROLE } from '@trashegimia/contract/common';
import { assertAdmin, assertUser } from './guards';

const admin = { guest: false, userId: 1, role: ROLE.ADMIN } as const;
const user = { guest: false, userId: 2, role: ROLE.USER } as const;
const guest = { guest: true } as const;

describe('policies', () => {
  it('let a logged-in user do user things, not a guest or a visitor', () => {
    expect(() => assertUser(user)).not.toThrow();
    expect(() => assertUser(admin)).not.toThrow();
    expect(() => assertUser(guest)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => assertUser(null)).toThrow(expect.objectContaining({ statusCode: 401 }));
  });

  it('keep the back office to administrators', () => {
    expect(() => assertAdmin(admin)).not.toThrow();
    expect(() => assertAdmin(user)).toThrow(expect.objectContaining({ statusCode: 403, code: 'forbidden' }));
    expect(() => assertAdmin(guest)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => assertAdmin(null)).toThrow(expect.objectContaining({ statusCode: 401 }));
  });
});
