import { CameraOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraStatus } from './camera.ts';
import styles from './counter.module.css';

/**
 * Waiting for a customer: the camera's view with a frame to aim at, and the typed code under it. When the
 * camera cannot be used the screen says why in a sentence and the typed code is the way on.
 */
export function ScanPanel({
  hidden,
  videoRef,
  status,
  onRetryCamera,
  onTyped,
}: {
  hidden: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  status: CameraStatus;
  onRetryCamera: () => void;
  /** False when the text is not code-like. */
  onTyped: (text: string) => boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const cameraShown = status === 'starting' || status === 'on';

  const submit = () => {
    if (onTyped(text)) {
      setText('');
      setInvalid(false);
    } else setInvalid(true);
  };

  return (
    // Kept mounted (hidden) while a customer is served: the camera stays on for the next one.
    <section
      className={styles.scan}
      hidden={hidden}
      aria-label={t('admin.counter.intro')}
      data-testid="counter-scan"
    >
      <div className={styles.viewfinder} hidden={!cameraShown}>
        <video
          ref={videoRef}
          className={styles.video}
          muted
          playsInline
          autoPlay
          aria-label={t('admin.counter.camera.label')}
        />
        <div className={styles.aim} aria-hidden="true" />
      </div>
      {cameraShown ? (
        <p className={styles.cameraHint} role="status" data-testid="counter-camera" data-camera={status}>
          {status === 'on' ? t('admin.counter.camera.on') : t('admin.counter.camera.starting')}
        </p>
      ) : (
        <div className={styles.cameraTrouble} role="alert" data-testid="counter-camera" data-camera={status}>
          <p className={styles.troubleTitle}>
            <CameraOutlined aria-hidden="true" /> {t(`admin.counter.camera.${status}.title`)}
          </p>
          <p className={styles.troubleBody}>{t(`admin.counter.camera.${status}.body`)}</p>
          {status !== 'unsupported' && status !== 'none' && (
            <Button size="large" className={styles.bigButton} onClick={onRetryCamera}>
              {t('admin.counter.camera.retry')}
            </Button>
          )}
        </div>
      )}
      <form
        className={styles.typed}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className={styles.typedLabel}>
          {t('admin.counter.typed.label')}
        </label>
        <Input
          id={inputId}
          size="large"
          className={styles.typedInput}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setInvalid(false);
          }}
          placeholder={t('admin.counter.typed.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          data-testid="counter-code-input"
        />
        {invalid && (
          <p id={errorId} className={styles.typedError} role="alert">
            {t('admin.counter.typed.invalid')}
          </p>
        )}
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          className={styles.bigButton}
          data-testid="counter-check"
        >
          {t('admin.counter.typed.submit')}
        </Button>
      </form>
    </section>
  );
}
