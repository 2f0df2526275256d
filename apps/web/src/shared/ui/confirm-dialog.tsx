import { Button } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { Dialog } from './dialog.tsx';

/**
 * A dialog that asks before an action: Cancel, and the action's button (red for one that removes
 * something). While the action runs, Cancel is off and the action's button spins. When there is
 * nothing to act on, the dialog says so instead and offers only OK. Test ids are `<testId>-text`,
 * `-cancel`, `-confirm` and `-ok`.
 */
export function ConfirmDialog({
  text,
  textClassName,
  nothing,
  danger = false,
  labels,
  onConfirm,
  onOk,
  testId,
  ...dialog
}: Omit<ComponentProps<typeof Dialog>, 'actions' | 'children' | 'busy'> & {
  text: ReactNode;
  textClassName?: string;
  /** Nothing to act on: only OK is offered. */
  nothing: boolean;
  busy: boolean;
  danger?: boolean;
  labels: { cancel: string; confirm: string; ok: string };
  onConfirm: () => void;
  /** What OK does when there is nothing to act on. */
  onOk: () => void;
  testId: string;
}) {
  const { busy, onClose } = dialog;
  return (
    <Dialog
      {...dialog}
      actions={
        nothing ? (
          <Button type="primary" onClick={onOk} data-testid={`${testId}-ok`}>
            {labels.ok}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
              {labels.cancel}
            </Button>
            <Button
              type="primary"
              danger={danger}
              loading={busy}
              onClick={onConfirm}
              data-testid={`${testId}-confirm`}
            >
              {labels.confirm}
            </Button>
          </>
        )
      }
    >
      <p className={textClassName} data-testid={`${testId}-text`}>
        {text}
      </p>
    </Dialog>
  );
}
