// The lint rules that keep SQL in repositories and each table in the repository
// that owns it (eslint.config.js), run as `npm run lint` runs them, on code
// written for the test at the paths it would have.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: `${ROOT}eslint.config.js` });

/** The messages of the import rules for `code` at `filePath` (from the repository root). */
async function importProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('who touches what (eslint.config.js)', () => {
  it('refuses drizzle-orm in a service, and takes it in a repository or a db/ folder', async () => {
    const drizzle = "import { eq } from 'drizzle-orm';\nexport const equal = eq;\n";
    expect(await importProblems('services/sharing/src/shares/shares.service.ts', drizzle)).toEqual([expect.stringContaining('SQL stays in repositories')]);
    expect(await importProblems('services/files/src/uploads/uploads.handler.ts', "import { sql } from 'drizzle-orm/sql';\nexport const raw = sql;\n")).toEqual([
      expect.stringContaining('SQL stays in repositories'),
    ]);
    expect(await importProblems('gateway/src/files/files.controller.ts', drizzle)).toEqual([expect.stringContaining('SQL stays in repositories')]);
    expect(await importProblems('services/sharing/src/shares/shares.repository.ts', drizzle)).toEqual([]);
    expect(await importProblems('services/sharing/src/db/newest-first.ts', drizzle)).toEqual([]);
    expect(await importProblems('services/sharing/test/shares.service-spec.ts', drizzle)).toEqual([]);
  });

  it("refuses a table in another repository than its owner's, and in a service, whose row types stay free", async () => {
    const shares = "import { shares } from '../db/schema.js';\nexport const table = shares;\n";
    expect(await importProblems('services/sharing/src/people/people.repository.ts', shares)).toEqual([
      expect.stringContaining('belongs to another repository'),
    ]);
    expect(await importProblems('services/sharing/src/shares/shares.service.ts', shares)).toEqual([
      expect.stringContaining('only in the repository that owns them'),
    ]);
    expect(await importProblems('services/sharing/src/shares/shares.repository.ts', shares)).toEqual([]);
    expect(
      await importProblems('services/sharing/src/shares/shares.service.ts', "import type { ShareRow } from '../db/schema.js';\nexport type Row = ShareRow;\n"),
    ).toEqual([]);
    // The one list of where a person's data lives erases and counts it in every table.
    expect(
      await importProblems(
        'services/sharing/src/personal-data/personal-data.repository.ts',
        "import { people, shares } from '../db/schema.js';\nexport const tables = [people, shares];\n",
      ),
    ).toEqual([]);
  });
});
