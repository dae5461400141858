import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const withSecret = { JWT_SECRET: 'x'.repeat(32) };

describe('loadConfig', () => {
  it('starts with sensible defaults when nothing is set', () => {
    const config = loadConfig({ ...withSecret, DATA_DIR: '/srv/trashegimia' });
    expect(config.server).toEqual({ port: 8080, host: '0.0.0.0', trustProxy: false });
    expect(config.database).toEqual({ dataDir: '/srv/trashegimia/pgdata' });
    expect(config.admin).toEqual({ userName: 'admin', password: undefined });
    expect(config.seedDemo).toBe(true);
    expect(config.captcha).toMatchObject({ provider: 'altcha' });
    expect(config.storage).toEqual({ driver: 'local' });
    expect(config.map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(Object.isFrozen(config.auth)).toBe(true);
  });

  it('uses the PostgreSQL server when DATABASE_URL is set', () => {
    const config = loadConfig({ ...withSecret, DATABASE_URL: 'postgres://app@db:5432/heritage' });
    expect(config.database).toEqual({ url: 'postgres://app@db:5432/heritage' });
  });

  it('refuses to start with a message naming the bad variable', () => {
    expect(() => loadConfig({ ...withSecret, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...withSecret, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...withSecret, SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: must be true or false/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  it('trusts only the proxies it is told about, and never a client-written address', () => {
    const trusting = (TRUST_PROXY: string) => loadConfig({ ...withSecret, TRUST_PROXY }).server.trustProxy;
    expect(trusting('false')).toBe(false);
    expect(trusting('1')).toBe(1);
    expect(trusting('10.0.0.0/8, 2001:db8::1')).toBe('10.0.0.0/8, 2001:db8::1');
    expect(() => trusting('true')).toThrow(/TRUST_PROXY: must be false, a number of proxy hops/);
    expect(() => trusting('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => trusting('load-balancer')).toThrow(/TRUST_PROXY/);
  });

  it("refuses an admin password that no account could have: easy to guess, or holding the admin's name", () => {
    expect(() => loadConfig({ ...withSecret, ADMIN_PASSWORD: 'password12' })).toThrow(
      /ADMIN_PASSWORD: is too easy to guess/,
    );
    expect(() => loadConfig({ ...withSecret, ADMIN_PASSWORD: 'Admin-Kalaja-2026' })).toThrow(
      /ADMIN_PASSWORD: must not be or contain ADMIN_USERNAME/,
    );
    expect(loadConfig({ ...withSecret, ADMIN_PASSWORD: 'Kalaja e Prizrenit' }).admin.password).toBe(
      'Kalaja e Prizrenit',
    );
  });

  it('requires the reCAPTCHA keys when reCAPTCHA is chosen', () => {
    expect(() => loadConfig({ ...withSecret, CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(
      /RECAPTCHA_SECRET: is required when CAPTCHA_PROVIDER=recaptcha[\s\S]*RECAPTCHA_SITE_KEY/,
    );
    const config = loadConfig({
      ...withSecret,
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_SITE_KEY: 'site',
    });
    expect(config.captcha).toEqual({ provider: 'recaptcha', secret: 'secret', siteKey: 'site' });
  });

  it('requires the Azure settings when the azure storage driver is chosen', () => {
    expect(() => loadConfig({ ...withSecret, STORAGE_DRIVER: 'azure' })).toThrow(/AZURE_STORAGE_CONNECTION_STRING/);
    const connectionString =
      'DefaultEndpointsProtocol=https;AccountName=heritage;AccountKey=a2V5;EndpointSuffix=core.windows.net';
    const azure = { ...withSecret, STORAGE_DRIVER: 'azure', AZURE_STORAGE_CONNECTION_STRING: connectionString };
    expect(loadConfig({ ...azure, AZURE_STORAGE_CONTAINER: 'media-2024' }).storage).toEqual({
      driver: 'azure',
      connectionString,
      container: 'media-2024',
    });
    expect(() => loadConfig({ ...azure, AZURE_STORAGE_CONTAINER: 'Media_Files' })).toThrow(/AZURE_STORAGE_CONTAINER/);
    const withoutKey = 'BlobEndpoint=https://heritage.blob.core.windows.net;SharedAccessSignature=sv=2024&sig=x';
    expect(() =>
      loadConfig({ ...azure, AZURE_STORAGE_CONNECTION_STRING: withoutKey, AZURE_STORAGE_CONTAINER: 'media' }),
    ).toThrow(/AZURE_STORAGE_CONNECTION_STRING: must hold AccountName and AccountKey/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...withSecret, PORT: '', DATABASE_URL: '' }).server.port).toBe(8080);
  });

  it('keeps a generated token secret in the data folder, readable only by its owner, across restarts', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.auth.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.auth.jwtSecret).toBe(first.auth.jwtSecret);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.auth.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
