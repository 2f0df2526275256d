import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

/** Lints `code` as if it were the file at `path` (the file need not exist). */
const boundaryErrors = async (path: string, code: string) => {
  // Only the boundary rule: the other rules (import/no-cycle) read the file from disk.
  const eslint = new ESLint({
    cwd: REPO_ROOT,
    ruleFilter: ({ ruleId }) => ruleId === 'import/no-restricted-paths',
  });
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${path}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import/no-restricted-paths')
    .map((m) => m.message);
};

describe('import boundaries (ESLint import/no-restricted-paths)', () => {
  it("fails the lint when an API module reaches into another module's files", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/auth/boundary-probe.ts',
      "export { findMemberById } from '../member/member.repository.ts';\n",
    );
    expect(errors).toEqual([expect.stringContaining('through modules/member/index.ts')]);
  });

  it("passes when it goes through the other module's index, or stays inside its own module", async () => {
    expect(
      await boundaryErrors(
        'apps/api/src/modules/auth/boundary-probe.ts',
        "export { getMember } from '../member/index.ts';\nexport { logout } from './session.service.ts';\n",
      ),
    ).toEqual([]);
  });

  it('fails the lint when a web feature imports another feature, or auth past its index', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/features/profile/boundary-probe.ts',
        "export { useAuthStore } from '../auth/store/auth-store.ts';\n",
      ),
    ).toEqual([expect.stringContaining('features/auth/index.ts')]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/profile/boundary-probe.ts',
        "export { VoucherCard } from '../catalogue/components/voucher-card.tsx';\n",
      ),
    ).toEqual([expect.stringContaining('do not import each other')]);
    expect(
      await boundaryErrors(
        'apps/web/src/shared/boundary-probe.ts',
        "export { useAuthStore } from '../features/auth/index.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/src/features/profile/boundary-probe.ts',
        "export { useAuthStore } from '../auth/index.ts';\n",
      ),
    ).toEqual([]);
  });
});
