import { readFileSync } from 'node:fs';
import { isDeepStrictEqual, parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Environment } from './config';

const readRepositoryFile = (name: string) => readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');

const variableNames = Object.keys(Environment.shape);

/** How a document's list of variable names differs from the variables config.ts reads. */
const differences = (listed: string[]) => ({
  missing: variableNames.filter((name) => !listed.includes(name)),
  unknown: listed.filter((name) => !variableNames.includes(name)),
  repeated: listed.filter((name, index) => listed.indexOf(name) !== index),
});
const agreement = { missing: [], unknown: [], repeated: [] };

describe('.env.example', () => {
  const text = readRepositoryFile('.env.example');
  // Node's own parser, the one `node --env-file` uses: what it yields is what the server would see.
  const values = parseEnv(text);
  // `NAME=default` sets a variable; `# NAME=` lists one without a default.
  const listed = text.split('\n').flatMap((line) => line.match(/^(?:# ?)?([A-Z][A-Z0-9_]*)=/)?.[1] ?? []);

  it('lists each variable config.ts reads, once, and no other', () => {
    expect(differences(listed)).toEqual(agreement);
  });

  it("sets each variable to config.ts's default, and leaves one without a default commented out", () => {
    const disagreements = Object.entries(Environment.shape).flatMap(([name, schema]) => {
      const unset = schema.safeParse(undefined);
      const fallback = unset.success ? unset.data : undefined;
      const value = values[name];
      if (fallback === undefined)
        return value === undefined ? [] : [`${name}: config.ts gives no default, so it belongs as "# ${name}="`];
      if (value === undefined) return [`${name}: not set to config.ts's default, ${JSON.stringify(fallback)}`];
      // Compared as parsed, so `false` and `5000` match the schema's false and 5000.
      const parsed = schema.safeParse(value);
      return parsed.success && isDeepStrictEqual(parsed.data, fallback)
        ? []
        : [`${name}=${value} differs from config.ts's default, ${JSON.stringify(fallback)}`];
    });
    expect(disagreements).toEqual([]);
  });
});

describe("the README's configuration table", () => {
  it('lists each variable config.ts reads, once, and no other', () => {
    const readme = readRepositoryFile('README.md');
    const start = readme.indexOf('## Configuration');
    const section = readme.slice(start, readme.indexOf('\n## ', start));
    // A row's first cell names its variables, each in backticks (two variables may share a row).
    const listed = section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
    expect(differences(listed)).toEqual(agreement);
  });
});
