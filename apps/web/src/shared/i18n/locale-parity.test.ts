import { describe, expect, it } from 'vitest';

/**
 * Every interface text exists in all three languages: same namespaces (files), same keys at every
 * depth, and no empty values. Reads the folders themselves, so a new namespace is covered too.
 */
const LANGUAGES = ['xk', 'en', 'sr'] as const;

type Tree = { [key: string]: string | Tree };

/** Every locale file, keyed `<language>/<namespace>`. */
const files = new Map(
  Object.entries(import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' })).map(
    ([path, tree]) => [path.replace(/^.*locales\//, '').replace(/\.json$/, ''), tree],
  ),
);

const flattenKeys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );

const emptyKeys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? (value.trim() === '' ? [`${prefix}${key}`] : []) : emptyKeys(value, `${prefix}${key}.`),
  );

const namespacesOf = (language: string) =>
  [...files.keys()]
    .filter((key) => key.startsWith(`${language}/`))
    .map((key) => key.slice(language.length + 1))
    .sort();

const load = (language: string, namespace: string): Tree => files.get(`${language}/${namespace}`) ?? {};

describe('locale key parity', () => {
  const allNamespaces = [...new Set(LANGUAGES.flatMap(namespacesOf))].sort();

  it('has the same namespaces in xk, en and sr', () => {
    expect(allNamespaces.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect(namespacesOf(language), language).toEqual(allNamespaces);
  });

  describe.each(allNamespaces)('namespace %s', (namespace) => {
    it('has the same keys in every language', () => {
      const keys = Object.fromEntries(
        LANGUAGES.map((language) => [language, flattenKeys(load(language, namespace)).sort()]),
      );
      const union = [...new Set(Object.values(keys).flat())].sort();
      for (const language of LANGUAGES) {
        const missing = union.filter((key) => !keys[language]?.includes(key));
        expect(missing, `${language}/${namespace}.json is missing`).toEqual([]);
      }
    });

    it('has no empty texts', () => {
      for (const language of LANGUAGES)
        expect(emptyKeys(load(language, namespace)), `${language}/${namespace}.json`).toEqual([]);
    });
  });
});
