import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/shared/i18n/language';
import { LANGUAGE_TEXTS, PAGE_SCREENS } from './page-preloads';
import { routes } from './routes';

describe('the modules the server names for preloading', () => {
  it.each(Object.entries(PAGE_SCREENS))('%s opens the screen of %s', async (pattern, module) => {
    const leaf = matchRoutes(routes, pattern.replace(/:[^/]+/g, '3'))?.at(-1)?.route;
    const load = leaf?.lazy as (() => Promise<{ Component: ComponentType }>) | undefined;
    expect(load).toBeTypeOf('function');
    const { Component } = await load!();
    const screen = (await import(/* @vite-ignore */ `/${module}`)) as Record<string, unknown>;
    expect(Object.values(screen)).toContain(Component);
  });

  it("lists every language's texts", async () => {
    expect(Object.keys(LANGUAGE_TEXTS).sort()).toEqual([...LANGUAGES].sort());
    for (const module of Object.values(LANGUAGE_TEXTS))
      await expect(import(/* @vite-ignore */ `/${module}`)).resolves.toBeTruthy();
  });
});
