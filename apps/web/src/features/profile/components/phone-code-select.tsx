import type { Language, PhoneCode } from '@app/contracts';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { usePhoneCodes } from '../api/get-phone-codes.ts';

const FALLBACK: PhoneCode[] = [{ country: 'TH', dialCode: '+66', nameEn: 'Thailand', nameTh: 'ไทย' }];

type Option = { value: string; label: string };

/** One option per dial code ("+66 Thailand"), in the API's order (Thailand first). */
export function phoneCodeOptions(codes: PhoneCode[], lang: Language): Option[] {
  const byCode = new Map<string, string[]>();
  for (const c of codes) {
    const names = byCode.get(c.dialCode) ?? [];
    names.push(lang === 'th' ? c.nameTh : c.nameEn);
    byCode.set(c.dialCode, names);
  }
  return [...byCode].map(([dialCode, names]) => ({
    value: dialCode,
    label: `${dialCode} ${names.join(', ')}`,
  }));
}

type PhoneCodeSelectProps = Omit<SelectProps<string, Option>, 'options' | 'showSearch'> & { lang: Language };

export function PhoneCodeSelect({ lang, ...props }: PhoneCodeSelectProps) {
  const { data, isLoading } = usePhoneCodes();
  const options = useMemo(() => phoneCodeOptions(data ?? FALLBACK, lang), [data, lang]);
  return (
    <Select<string, Option>
      {...props}
      loading={isLoading}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={280}
    />
  );
}
