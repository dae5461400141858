import { createHmac } from 'node:crypto';
import { type Clock, systemClock } from '../../../clock';
import type { CaptchaConfig } from '../../../config';
import type { Executor } from '../../../db/client';
import { AltchaCaptcha } from './altcha';
import type { Captcha } from './captcha';
import { RecaptchaCaptcha } from './recaptcha';

/** The configured provider behind the one Captcha interface. */
export function createCaptcha(
  config: CaptchaConfig,
  db: Executor,
  serverSecret: string,
  clock: Clock = systemClock,
): Captcha {
  switch (config.provider) {
    case 'altcha':
      // Keys derived from the server secret, so every instance issues and accepts the same challenges.
      return new AltchaCaptcha(
        db,
        config,
        {
          signature: deriveKey(serverSecret, 'altcha-challenge-signature'),
          keySignature: deriveKey(serverSecret, 'altcha-key-signature'),
        },
        clock,
      );
    case 'recaptcha':
      return new RecaptchaCaptcha(config.secret);
  }
}

const deriveKey = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex');
