import { render } from '@testing-library/preact';
import { ConfigProvider } from 'antd';
import thTH from 'antd/es/locale/th_TH';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DobPicker, normalizeDob } from './dob-picker.tsx';

describe('DobPicker', () => {
  it('shows the Buddhist-era year in Thai, in the field and the calendar header', () => {
    render(
      <ConfigProvider locale={thTH}>
        <DobPicker lang="th" open value={dayjs('1990-04-15')} data-testid="dob" />
      </ConfigProvider>,
    );
    expect((document.querySelector('[data-testid="dob"]') as HTMLInputElement).value).toBe('15/04/2533');
    expect(document.querySelector('.ant-picker-year-btn')?.textContent).toBe('2533');
  });

  it('shows day/month/year in English', () => {
    render(<DobPicker lang="en" value={dayjs('1990-04-15')} data-testid="dob" />);
    expect((document.querySelector('[data-testid="dob"]') as HTMLInputElement).value).toBe('15/04/1990');
  });

  it('keeps Gregorian dates and converts Buddhist-era ones', () => {
    expect(normalizeDob(dayjs('1990-04-15'))?.format('YYYY-MM-DD')).toBe('1990-04-15');
    expect(normalizeDob(dayjs('2533-04-15'))?.format('YYYY-MM-DD')).toBe('1990-04-15');
    expect(normalizeDob(null)).toBeNull();
  });
});
