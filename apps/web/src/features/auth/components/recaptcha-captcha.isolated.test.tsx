import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { TestProviders } from '@/shared/testing/test-utils';
import type { CaptchaHandle } from './altcha-captcha';
import { loadRecaptcha, type Grecaptcha, type RecaptchaRenderParameters } from './load-recaptcha';
import { RecaptchaCaptcha } from './recaptcha-captcha';

vi.mock('./load-recaptcha', () => ({ loadRecaptcha: vi.fn() }));

/** Google's grecaptcha as far as the page uses it: render() draws a stand-in and keeps the parameters. */
const fakeGrecaptcha = () => {
  const rendered: { element: HTMLElement; parameters: RecaptchaRenderParameters }[] = [];
  const grecaptcha = {
    ready: vi.fn((callback: () => void) => callback()),
    render: vi.fn((element: HTMLElement, parameters: RecaptchaRenderParameters) => {
      element.textContent = `reCAPTCHA for ${parameters.sitekey}`;
      rendered.push({ element, parameters });
      return 7;
    }),
    reset: vi.fn(),
  } satisfies Grecaptcha;
  const widget = () => {
    const last = rendered.at(-1);
    if (!last) throw new Error('no widget rendered');
    return last;
  };
  return { grecaptcha, rendered, widget };
};

let fake: ReturnType<typeof fakeGrecaptcha>;

const setup = async () => {
  const onChange = vi.fn();
  const ref = createRef<CaptchaHandle>();
  render(
    <TestProviders>
      <RecaptchaCaptcha ref={ref} siteKey="site-key-123" onChange={onChange} />
    </TestProviders>,
  );
  return { onChange, ref };
};

describe('reCAPTCHA widget', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    fake = fakeGrecaptcha();
    window.grecaptcha = fake.grecaptcha;
    vi.mocked(loadRecaptcha).mockImplementation(async () => {
      const grecaptcha = window.grecaptcha as Grecaptcha;
      await new Promise<void>((resolve) => grecaptcha.ready(resolve));
      return grecaptcha;
    });
  });
  afterEach(() => {
    delete window.grecaptcha;
    vi.mocked(loadRecaptcha).mockReset();
  });

  it('says it is loading, then renders the checkbox with the site key from the config', async () => {
    await setup();
    expect(screen.getByText('Loading verification...')).toBeInTheDocument();
    expect(await screen.findByText('reCAPTCHA for site-key-123')).toBeInTheDocument();
    expect(screen.queryByText('Loading verification...')).not.toBeInTheDocument();
    expect(fake.grecaptcha.render).toHaveBeenCalledTimes(1);
    expect(fake.widget().parameters.sitekey).toBe('site-key-123');
  });

  it("loads Google's script in the visitor's language", async () => {
    await i18n.changeLanguage('xk');
    await setup();
    await screen.findByText('reCAPTCHA for site-key-123');
    expect(loadRecaptcha).toHaveBeenCalledWith('xk');
  });

  it('reports the token once the box is ticked, and null when it expires or fails', async () => {
    const { onChange } = await setup();
    await screen.findByText('reCAPTCHA for site-key-123');
    const { parameters } = fake.widget();

    act(() => parameters.callback('token-abc'));
    expect(onChange).toHaveBeenLastCalledWith('token-abc');

    act(() => parameters['expired-callback']());
    expect(onChange).toHaveBeenLastCalledWith(null);

    act(() => parameters.callback('token-def'));
    act(() => parameters['error-callback']());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('resets its own widget through the handle and reports null', async () => {
    const { onChange, ref } = await setup();
    await screen.findByText('reCAPTCHA for site-key-123');
    act(() => fake.widget().parameters.callback('token-abc'));

    act(() => ref.current?.reset());
    expect(fake.grecaptcha.reset).toHaveBeenCalledWith(7);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("says the verification could not be loaded when Google's script fails", async () => {
    vi.mocked(loadRecaptcha).mockRejectedValue(new Error('blocked'));
    await setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The verification could not be loaded. Reload the page to try again.',
    );
    expect(fake.grecaptcha.render).not.toHaveBeenCalled();
  });
});
