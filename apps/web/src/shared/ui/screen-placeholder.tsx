import { useTranslation } from 'react-i18next';
import styles from './screen-placeholder.module.css';
import skeleton from './skeleton.module.css';

/** The shape a screen's placeholder takes while its code downloads. */
export type PlaceholderShape = 'list' | 'detail' | 'page';

const shimmer = skeleton.skeleton;
const line = `${shimmer} ${skeleton.line}`;

function ListShape() {
  return (
    <>
      <span className={`${shimmer} ${styles.bar}`} />
      <div className={styles.grid}>
        {Array.from({ length: 4 }, (_, i) => (
          <div className={styles.card} key={i}>
            <div className={`${shimmer} ${skeleton.media}`} style={{ aspectRatio: '4 / 3' }} />
            <div className={styles.cardBody}>
              <span className={line} style={{ width: '45%' }} />
              <span className={line} />
              <span className={line} style={{ width: '70%' }} />
            </div>
          </div>
        ))}
      </div>
    </>
  );
}

function DetailShape() {
  return (
    <>
      <div className={`${shimmer} ${styles.detailMedia}`} />
      <span className={line} style={{ width: '40%' }} />
      <span className={`${line} ${skeleton.title}`} />
      <span className={line} style={{ width: '30%' }} />
      <span className={`${shimmer} ${skeleton.block}`} />
    </>
  );
}

function PageShape() {
  return (
    <>
      <span className={`${line} ${skeleton.title}`} style={{ width: '55%' }} />
      <span className={line} style={{ width: '80%' }} />
      {Array.from({ length: 3 }, (_, i) => (
        <span className={`${shimmer} ${styles.pageBlock}`} key={i} />
      ))}
    </>
  );
}

const SHAPES = { list: ListShape, detail: DetailShape, page: PageShape } as const;

/** A screen's grey outline while its code arrives; the header and navigation stay around it. */
export function ScreenPlaceholder({ shape }: { shape: PlaceholderShape }) {
  const { t } = useTranslation();
  const Shape = SHAPES[shape];
  return (
    <div role="status" aria-busy="true" data-testid="screen-placeholder">
      <span className="visually-hidden">{t('app.loading')}</span>
      <div aria-hidden="true">
        <Shape />
      </div>
    </div>
  );
}
