/** The app's star mark beside its name. */
export function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#fca311" />
      <path d="M32 12l6 13 14 2-10 10 2 14-12-7-12 7 2-14-10-10 14-2z" fill="#14213d" />
    </svg>
  );
}
