// Browser tests need Debian's Chromium and Thai fonts; playwright never downloads a browser here.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = 'chromium fonts-thai-tlwg';

export function ensureChromium(): void {
  if (existsSync(CHROMIUM) && existsSync('/usr/share/fonts/truetype/tlwg')) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Browser tests need Debian packages that are missing: sudo apt-get install -y ${PACKAGES}`,
    );
  }
  console.log(`Installing ${PACKAGES} (Debian packages, once)…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGES}`, {
    stdio: 'inherit',
  });
}
