import type { Language } from '@app/contracts';
import { DatePicker, type DatePickerProps } from 'antd';
import thTH from 'antd/locale/th_TH';
import dayjs, { type Dayjs } from 'dayjs';
import { BUDDHIST_DATE_FORMAT, DATE_FORMAT } from '../../../shared/format.ts';

const BUDDHIST_ERA_OFFSET = 543;
/** A typed year above this is a Buddhist-era year (2533 → 1990). */
const BUDDHIST_YEAR_FLOOR = 2400;

/** Thai members may type the Buddhist-era year they know; store the Gregorian date either way. */
export const normalizeDob = (value: Dayjs | null | undefined): Dayjs | null =>
  value ? (value.year() > BUDDHIST_YEAR_FLOOR ? value.subtract(BUDDHIST_ERA_OFFSET, 'year') : value) : null;

const isDisabledDob = (value: Dayjs) => {
  const date = normalizeDob(value);
  return !date || date.isAfter(dayjs(), 'day') || date.year() < 1900;
};

const thaiPickerLocale = thTH.DatePicker && {
  ...thTH.DatePicker,
  lang: { ...thTH.DatePicker.lang, yearFormat: 'BBBB', cellYearFormat: 'BBBB' },
};

type DobPickerProps = Omit<DatePickerProps, 'format' | 'locale' | 'disabledDate' | 'picker'> & {
  lang: Language;
};

/**
 * Date of birth, day/month/year; no future dates. In Thai the year shows in the Buddhist era (as
 * formatDate does) and either era may be typed.
 */
export function DobPicker({ lang, ...props }: DobPickerProps) {
  const format: DatePickerProps['format'] =
    lang === 'th'
      ? [(d: Dayjs) => d.format(BUDDHIST_DATE_FORMAT), DATE_FORMAT, 'D/M/YYYY']
      : [DATE_FORMAT, 'D/M/YYYY'];
  return (
    <DatePicker
      {...props}
      format={format}
      locale={lang === 'th' ? thaiPickerLocale : undefined}
      disabledDate={isDisabledDob}
      defaultPickerValue={dayjs().subtract(25, 'year').startOf('year')}
      showNow={false}
      inputReadOnly={false}
      style={{ width: '100%' }}
    />
  );
}
