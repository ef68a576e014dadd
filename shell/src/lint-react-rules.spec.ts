import path from 'node:path';
import { ESLint } from 'eslint';

// The React rules of eslint.config.js (react-hooks and jsx-a11y), run as `npm run lint` runs them.
const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function reactErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result.messages.filter((m) => /^(react-hooks|jsx-a11y)\//.test(m.ruleId ?? '')).map((m) => m.ruleId!);
}

const hookInACondition = "import { useState } from 'react';\nexport function Counter({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
const imageWithoutAlt = 'export function Logo() {\n  return <img src="/logo.png" />;\n}\n';

describe('the React rules', () => {
  it.each([
    'shell/src/x.tsx',
    'mfe-files/src/features/files/x.tsx',
    'mfe-account/src/x.tsx',
    'mfe-marketing/src/x.tsx',
    'libs/ui/src/x.tsx',
    'libs/web-core/src/x.tsx',
  ])('refuse a hook called in a condition and an image without a text alternative in %s', async (file) => {
    expect(await reactErrors(hookInACondition, file)).toEqual(['react-hooks/rules-of-hooks']);
    expect(await reactErrors(imageWithoutAlt, file)).toEqual(['jsx-a11y/alt-text']);
  });

  it('leave the back end alone', async () => {
    expect(await reactErrors(hookInACondition, 'gateway/src/x.ts')).toEqual([]);
  });
});
