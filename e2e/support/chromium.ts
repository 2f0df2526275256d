// Browser tests need Debian's Chromium and Thai fonts; playwright never downloads a browser here.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = 'chromium fonts-thai-tlwg';
const THAI_FONTS = '/usr/share/fonts/truetype/tlwg';

export function ensureChromium(): void {
  if (existsSync(CHROMIUM) && existsSync(THAI_FONTS)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Browser tests need Debian packages that are missing: sudo apt-get install -y ${PACKAGES}`,
    );
  }
  console.log(`Installing ${PACKAGES} (Debian packages, once)…`);
  // The e2e lanes start side by side and apt allows one install at a time: the first lane installs
  // under the lock, the others wait for it and find the packages there.
  const install = `DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGES}`;
  const missing = `! test -e ${CHROMIUM} || ! test -e ${THAI_FONTS}`;
  execSync(`flock /tmp/app-e2e-apt.lock sh -c '${missing} || exit 0; apt-get update -qq && ${install}'`, {
    stdio: 'inherit',
  });
}
