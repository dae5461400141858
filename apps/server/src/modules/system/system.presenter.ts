import type { AppConfigResponse } from '@trashegimia/contract/system';
import type { Config } from '../../config';

export const CAPTCHA_CHALLENGE_PATH = '/api/auth/captcha';

/** What the page needs at run time; secrets stay on the server. */
export const presentAppConfig = (config: Config): AppConfigResponse => ({
  captcha: {
    provider: config.captcha.provider,
    challengeUrl: CAPTCHA_CHALLENGE_PATH,
    ...(config.captcha.provider === 'recaptcha' && { recaptchaSiteKey: config.captcha.siteKey }),
  },
  map: { tileUrl: config.map.tileUrl, attribution: config.map.attribution },
  licence: config.licence,
  storageDriver: config.storage.driver,
  uploadLimits: {
    importMaxBytes: config.uploads.importMaxBytes,
    guidelineMaxBytes: config.uploads.guidelineMaxBytes,
    mediaMaxBytes: config.uploads.mediaMaxBytes,
  },
});
