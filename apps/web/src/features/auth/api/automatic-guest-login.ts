import { useMutation } from '@tanstack/react-query';
import { useSession } from '@/shared/session/use-session';
import { getCaptchaChallenge } from './get-captcha-challenge';
import { guestLogin } from './guest-login';

/**
 * Guest entry without a click, for /dokumentacioni (spec §2). The ALTCHA captcha is a proof of
 * work, not a test of a person: the page solves it as the widget would, so every guest token still
 * costs the same work and passes the same server check and rate limit as one from the login page.
 */
export const automaticGuestLogin = async () => {
  const challenge = await getCaptchaChallenge();
  const { solveAltchaChallenge } = await import('../lib/solve-altcha-challenge');
  return guestLogin({ captcha: await solveAltchaChallenge(challenge) });
};

/** Enters as a guest by itself and stores the session as the login page's guest entry does. */
export const useAutomaticGuestLogin = () => {
  const { enterAsGuest } = useSession();
  return useMutation({ mutationFn: automaticGuestLogin, onSuccess: enterAsGuest });
};
