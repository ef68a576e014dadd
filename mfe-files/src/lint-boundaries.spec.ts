import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

// The import rules of the remotes (eslint.config.js), run as `npm run lint` runs them.
const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function importErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("a remote's import zones", () => {
  it('refuse a feature importing another feature', async () => {
    const errors = await importErrors("export { useListSharesQuery } from '../sharing/api/sharing-api';\n", 'mfe-files/src/features/files/x.ts');
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('refuse shared code importing a feature, and a feature importing a page', async () => {
    expect(await importErrors("export { ShareDialog } from '../features/sharing/components/share-dialog';\n", 'mfe-files/src/components/x.ts')).toEqual([
      expect.stringContaining('Shared code (components, hooks, lib, config) never imports features'),
    ]);
    expect(await importErrors("export { TrashPage } from '../../pages/trash-page';\n", 'mfe-files/src/features/files/x.ts')).toEqual([
      expect.stringContaining('Features never import the app layer'),
    ]);
  });

  it('let a feature import its own modules and the shared ones, and a page import features', async () => {
    const feature = "export { useFileActions } from './hooks/use-file-actions';\nexport { useGetFolderQuery } from '../../api/folders-api';\n";
    expect(await importErrors(feature, 'mfe-files/src/features/files/x.ts')).toEqual([]);
    expect(await importErrors("export { ShareDialog } from '../features/sharing/components/share-dialog';\n", 'mfe-files/src/pages/x.ts')).toEqual([]);
  });

  describe('and their import cycles', () => {
    // no-cycle reads the imported modules from disk: two real files that import each other.
    const dir = path.join(repoRoot, `mfe-files/src/lib/lint-cycle-${process.pid}`);
    beforeAll(() => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'first.ts'), "import { second } from './second';\nexport const first = () => second;\n");
      fs.writeFileSync(path.join(dir, 'second.ts'), "import { first } from './first';\nexport const second = () => first;\n");
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('are refused', async () => {
      const code = fs.readFileSync(path.join(dir, 'first.ts'), 'utf8');
      expect(await importErrors(code, path.relative(repoRoot, path.join(dir, 'first.ts')))).toEqual(['import-x/no-cycle: Dependency cycle detected']);
    });
  });
});
