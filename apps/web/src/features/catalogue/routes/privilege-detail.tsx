import '../texts.ts';
import type { PrivilegeDetail } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatProgrammeDate } from '../../../shared/catalogue/dates.ts';
import { pointsCostLabel } from '../../../shared/catalogue/price.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { DetailScreen } from '../components/detail-screen.tsx';
import { ItemDetail, UsageLimit } from '../components/item-detail.tsx';
import { LikeButton } from '../components/like-button.tsx';
import { PointsBalance, PointsShort, usePointsBalance } from '../components/points-balance.tsx';
import { preloadRedeemSheet, RedeemSheet } from '../components/redeem-sheet.tsx';
import { useSignInFirst } from '../hooks/use-sign-in-first.ts';
import { privilegeKind } from '../kinds/privilege-kind.tsx';

export function PrivilegeDetailScreen() {
  return (
    <DetailScreen
      kind={privilegeKind}
      view={(privilege, now) => <PrivilegeView privilege={privilege} now={now} />}
    />
  );
}

/** A privilege is redeemed with points within its validity, and a member may like it. */
function PrivilegeView({ privilege, now }: { privilege: PrivilegeDetail; now: number }) {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  const signInFirst = useSignInFirst();
  const [confirming, setConfirming] = useState(false);
  const balance = usePointsBalance();
  // Known to be short: Use Now says so beside it rather than opening a confirmation that cannot pass.
  const missing = balance === null ? 0 : Math.max(0, privilege.pointsCost - balance);

  return (
    <ItemDetail
      kind="privilege"
      item={privilege}
      now={now}
      dates={[privilege.validFrom, privilege.validUntil]}
      beside={<LikeButton id={privilege.id} liked={privilege.liked} likeCount={privilege.likeCount} />}
      price={pointsCostLabel(t, privilege.pointsCost)}
      facts={<PointsBalance balance={balance} />}
      validity={
        <>
          {new Date(privilege.validFrom).getTime() > now && (
            <li>
              {t('catalogue.detail.validFrom', { date: formatProgrammeDate(privilege.validFrom, lang) })}
            </li>
          )}
          <li>
            {privilege.validUntil
              ? t('catalogue.detail.validUntil', { date: formatProgrammeDate(privilege.validUntil, lang) })
              : t('catalogue.detail.noExpiry')}
          </li>
          <UsageLimit usageLimit={privilege.usageLimit} />
        </>
      }
      actions={
        <>
          {missing > 0 && <PointsShort id="use-now-short" missing={missing} />}
          <LightButton
            variant="primary"
            disabled={missing > 0}
            aria-describedby={missing > 0 ? 'use-now-short' : undefined}
            onPointerDown={preloadRedeemSheet}
            onClick={() => signInFirst(() => setConfirming(true))}
            data-testid="use-now"
          >
            {t('catalogue.detail.useNow')}
          </LightButton>
        </>
      }
    >
      <RedeemSheet open={confirming} privilege={privilege} onClose={() => setConfirming(false)} />
    </ItemDetail>
  );
}

export default PrivilegeDetailScreen;
