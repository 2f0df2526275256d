import type { ComponentProps } from 'react';
import { DetailModal } from './detail-modal.tsx';
import { ReadAllDialog } from './read-all-dialog.tsx';

export type NotificationDialogsProps = {
  detail: ComponentProps<typeof DetailModal>;
  readAll: ComponentProps<typeof ReadAllDialog>;
};

/** The inbox's two dialogs (a notification's detail, Read all), with antd: loaded when the first opens. */
export default function NotificationDialogs({ detail, readAll }: NotificationDialogsProps) {
  return (
    <>
      <DetailModal {...detail} />
      <ReadAllDialog {...readAll} />
    </>
  );
}
