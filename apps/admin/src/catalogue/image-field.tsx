import { CATALOGUE_IMAGE_MAX_BYTES } from '@app/contracts';
import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/error-text.ts';
import { uploadCatalogueImage } from './upload-image.ts';
import styles from './catalogue.module.css';

const ACCEPT = 'image/jpeg,image/png,image/webp';

interface Props {
  /** antd Form passes these. */
  value?: string | string[] | null;
  onChange?: (v: string | string[] | null) => void;
  multiple?: boolean;
  max?: number;
  /** The upload's `kind` (where the picture is served from). */
  kind: string;
  /** Preview URLs of pictures already on the record, by file name. */
  urls: Map<string, string>;
  id?: string;
  /** The field's label: the pictures and their buttons are a group of that name. */
  label?: string;
  'aria-invalid'?: boolean;
}

/**
 * A picture (or several, the first being the cover): upload with a preview; the server re-encodes it.
 * The value is the stored file name(s) the API's *File fields take.
 */
export function ImageField(props: Props) {
  const { value, onChange, multiple = false, max = 10, kind, urls, id, label } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  // A read-only form (a role that may only look): pictures without upload or remove buttons.
  const readOnly = useContext(DisabledContext);
  const [uploaded, setUploaded] = useState<Map<string, string>>(new Map());
  const files = (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean);
  const urlOf = (f: string) => uploaded.get(f) ?? urls.get(f) ?? `/media/catalogue/${kind}/${f}`;
  const set = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? null));

  const upload = async (file: File) => {
    if (file.size > CATALOGUE_IMAGE_MAX_BYTES) {
      void message.error(t('admin.catalogue.image.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      const img = await uploadCatalogueImage(file, kind);
      setUploaded((m) => new Map(m).set(img.file, img.url));
      set(multiple ? [...files, img.file] : [img.file]);
    } catch (e) {
      void message.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const canAdd = !readOnly && (multiple ? files.length < max : true);
  return (
    <div className={styles.images} id={id} role="group" aria-label={label}>
      {files.map((f, i) => (
        <figure key={f} className={styles.thumb}>
          <img src={urlOf(f)} alt={t('admin.catalogue.image.preview', { n: i + 1 })} />
          {multiple && i === 0 && files.length > 1 && (
            <figcaption className={styles.cover}>{t('admin.catalogue.image.cover')}</figcaption>
          )}
          {!readOnly && (
            <Button
              size="small"
              danger
              className={styles.remove}
              icon={<DeleteOutlined />}
              aria-label={t('admin.catalogue.image.remove', { n: i + 1 })}
              onClick={() => set(files.filter((x) => x !== f))}
            />
          )}
        </figure>
      ))}
      {canAdd && (
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          multiple={false}
          customRequest={({ file }) => void upload(file as File)}
        >
          <button type="button" className={styles.add} disabled={busy}>
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <span>
              {files.length && !multiple
                ? t('admin.catalogue.image.replace')
                : t('admin.catalogue.image.upload')}
            </span>
          </button>
        </Upload>
      )}
    </div>
  );
}
