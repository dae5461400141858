import { ROLE } from '@trashegimia/contract/common';
import { TokenService } from '../modules/auth/tokens';
import { testConfig } from './test-app';

const tokens = new TokenService(testConfig().auth.jwtSecret, 3600);

/** Authorization headers as the test app accepts them, without a captcha round trip. */
export const asAdmin = async (userId = 1) => ({
  authorization: `Bearer ${await tokens.sign({ guest: false, userId, role: ROLE.ADMIN })}`,
});
export const asUser = async (userId = 2) => ({
  authorization: `Bearer ${await tokens.sign({ guest: false, userId, role: ROLE.USER })}`,
});
export const asGuest = async () => ({ authorization: `Bearer ${await tokens.sign({ guest: true })}` });
