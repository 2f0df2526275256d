import type { Language } from '@app/contracts';
import type { GenerateConfig } from '@rc-component/picker/generate';
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import { DatePicker, type DatePickerProps } from 'antd';
import thTH from 'antd/es/locale/th_TH';
import dayjs, { type Dayjs } from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
// The picker names Thai months through dayjs's Thai locale (antd's th_TH asks for it by name).
import 'dayjs/locale/th';
import { BUDDHIST_DATE_FORMAT, BUDDHIST_ERA_OFFSET, DATE_FORMAT } from '../../../shared/format.ts';

// The picker prints the Buddhist-era year with dayjs's 'BBBB' token.
dayjs.extend(buddhistEra);

/** A year above this is a Buddhist-era year (2533 → 1990); below, a Gregorian one. */
const BUDDHIST_YEAR_FLOOR = 2400;

const toGregorian = (value: Dayjs): Dayjs =>
  value.year() > BUDDHIST_YEAR_FLOOR ? value.subtract(BUDDHIST_ERA_OFFSET, 'year') : value;

/** Form normalizer: whatever era arrives, the form holds the Gregorian date. */
export const normalizeDob = (value: Dayjs | null | undefined): Dayjs | null =>
  value ? toGregorian(value) : null;

const isDisabledDob = (value: Dayjs) => {
  const date = toGregorian(value);
  return date.isAfter(dayjs(), 'day') || date.year() < 1900;
};

/**
 * The dayjs picker config, except that text is read with 'BBBB' meaning a year in either era: Thai
 * members type the Buddhist year they know (15/04/2533), others may type 15/04/1990; both are 1990.
 * (dayjs can print 'BBBB' but not parse it.)
 */
const eitherEraConfig: GenerateConfig<Dayjs> = {
  ...dayjsGenerateConfig,
  locale: {
    ...dayjsGenerateConfig.locale,
    parse: (locale, text, formats) => {
      const parsed = dayjsGenerateConfig.locale.parse(
        locale,
        text,
        formats.map((f) => f.replaceAll('BBBB', 'YYYY')),
      );
      return parsed ? toGregorian(parsed) : null;
    },
  },
};

const ThaiDatePicker = DatePicker.generatePicker<Dayjs>(eitherEraConfig);

const thaiPickerLocale = thTH.DatePicker && {
  ...thTH.DatePicker,
  lang: { ...thTH.DatePicker.lang, yearFormat: 'BBBB', cellYearFormat: 'BBBB' },
};

type DobPickerProps = Omit<DatePickerProps, 'format' | 'locale' | 'disabledDate' | 'picker'> & {
  lang: Language;
};

/**
 * Date of birth, day/month/year, no future dates. In Thai the year shows in the Buddhist era (as
 * formatDate does) and either era may be typed.
 */
export function DobPicker({ lang, ...props }: DobPickerProps) {
  const shared = {
    ...props,
    disabledDate: isDisabledDob,
    // An empty field opens on a likely birth year rather than this month.
    defaultPickerValue: props.value ? undefined : dayjs().subtract(25, 'year').startOf('year'),
    showNow: false,
    style: { width: '100%' },
  };
  return lang === 'th' ? (
    <ThaiDatePicker {...shared} format={[BUDDHIST_DATE_FORMAT, 'D/M/BBBB']} locale={thaiPickerLocale} />
  ) : (
    <DatePicker {...shared} format={[DATE_FORMAT, 'D/M/YYYY']} />
  );
}
