import { z } from 'zod';
import { serviceUnavailable } from '../../../errors';
import { type Captcha, captchaExpired, captchaInvalid } from './captcha';

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

const SiteverifyResponse = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

/** Google reCAPTCHA v2, checked through its siteverify call (CAPTCHA_PROVIDER=recaptcha). */
export class RecaptchaCaptcha implements Captcha {
  readonly issueChallenge = null;

  constructor(
    private readonly secret: string,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async verify(solution: string, client: { address: string }): Promise<{ level: number }> {
    let outcome: z.infer<typeof SiteverifyResponse>;
    try {
      const response = await this.fetchFn(SITEVERIFY_URL, {
        method: 'POST',
        body: new URLSearchParams({ secret: this.secret, response: solution, remoteip: client.address }),
        signal: AbortSignal.timeout(10_000),
      });
      outcome = SiteverifyResponse.parse(await response.json());
    } catch (error) {
      throw serviceUnavailable('captcha_unavailable', 'The captcha could not be checked. Please try again.', error);
    }
    if (outcome.success) return { level: 0 };
    // Google reports an expired and a reused token alike.
    if (outcome['error-codes']?.includes('timeout-or-duplicate')) throw captchaExpired();
    throw captchaInvalid();
  }
}
