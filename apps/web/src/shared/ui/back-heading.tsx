import type { ReactNode } from 'react';
import { BackButton } from './back-button.tsx';
import page from './page.module.css';

/** A screen's title with the back button before it; `fallback` is where Back goes on a shared link. */
export function BackHeading({
  fallback,
  title,
  titleClassName,
}: {
  fallback: string;
  title: ReactNode;
  /** A class of the screen's own for the title, beside the page title's. */
  titleClassName?: string;
}) {
  return (
    <div className={page.heading}>
      <BackButton fallback={fallback} />
      <h1 className={titleClassName ? `${page.title} ${titleClassName}` : page.title}>{title}</h1>
    </div>
  );
}
