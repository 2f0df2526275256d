import '../texts.ts';
import type { UpdateProfileBody } from '@app/contracts';
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { toIsoDate } from '../../../shared/format.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { BackLink } from '../../../shared/ui/back-button.tsx';
import { AppForm, emailRules } from '../../../shared/ui/app-form.tsx';
import { EMAIL_INPUT_PROPS } from '../../../shared/ui/email-input.ts';
import { FormError } from '../../../shared/ui/form-error.tsx';
import page from '../../../shared/ui/page.module.css';
import { toast } from '../../../shared/ui/toast.ts';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths, safeRedirectTarget } from '../../../shared/paths.ts';
import { useAuthStore } from '../../auth/index.ts';
import { useSendEmailChangeCode } from '../api/email-change.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { AvatarPicker } from '../components/avatar-picker.tsx';
import { EmailChangeDialog } from '../components/email-change-dialog.tsx';
import { DobPicker, normalizeDob } from '../components/dob-picker.tsx';
import { PhoneCodeSelect } from '../components/phone-code-select.tsx';
import styles from '../profile.module.css';

type ProfileForm = {
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: Dayjs | null;
  phoneCode: string | undefined;
  phoneNumber: string;
};

type FieldName = keyof ProfileForm;
const FIELD_ORDER: FieldName[] = [
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  'phoneCode',
  'phoneNumber',
];
const DEFAULT_PHONE_CODE = '+66';

/** The two name fields: the same rules and length, each with its own message, test id and autofill. */
const NAME_FIELDS = [
  {
    name: 'firstName',
    required: 'profile.edit.validation.firstNameRequired',
    testId: 'profile-first-name',
    autoComplete: 'given-name',
  },
  {
    name: 'lastName',
    required: 'profile.edit.validation.lastNameRequired',
    testId: 'profile-last-name',
    autoComplete: 'family-name',
  },
] as const;
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
const PHONE_PATTERN = /^\d{9,10}$/;

/**
 * Enter in the date picker confirms the typed date and Enter in the phone-code list picks a country;
 * neither may also submit the whole form (the picker handles the key first, on the input itself).
 */
const keepEnterInPickers = (event: KeyboardEvent<HTMLFormElement>) => {
  if (
    event.key === 'Enter' &&
    event.target instanceof Element &&
    event.target.closest('.ant-picker, .ant-select')
  ) {
    event.preventDefault();
  }
};

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function EditProfileScreen() {
  const { t } = useTranslation();
  const { lang, to } = useLocalizedPath();
  const info = useAuthStore((s) => s.info);
  const profileComplete = useAuthStore((s) => s.profileStatus === 'complete');
  const saving = useAuthStore((s) => s.isSettingProfile);
  // A new member sent here by the guard goes back after Save to the page they were on (?redirect=);
  // one who opened Edit Profile from the profile goes back to the profile.
  const [params] = useSearchParams();
  const save = useUpdateProfile(safeRedirectTarget(params.get('redirect')));
  const [form] = Form.useForm<ProfileForm>();
  const [formError, setFormError] = useState<string | null>(null);
  const sendChangeCode = useSendEmailChangeCode();
  /** The new address waiting for its code, and the rest of the form to save once it is confirmed. */
  const [pendingChange, setPendingChange] = useState<{
    email: string;
    resendAfterSeconds: number;
    rest: UpdateProfileBody;
  } | null>(null);
  const typedEmail = Form.useWatch('email', form);
  const changingEmail =
    !!info?.email && typeof typedEmail === 'string' && typedEmail.trim().toLowerCase() !== info.email;

  const labels: Record<FieldName, string> = {
    firstName: t('profile.edit.fields.firstName'),
    lastName: t('profile.edit.fields.lastName'),
    email: t('profile.edit.fields.email'),
    dateOfBirth: t('profile.edit.fields.dateOfBirth'),
    phoneCode: t('profile.edit.fields.phoneCode'),
    phoneNumber: t('profile.edit.fields.phoneNumber'),
  };

  const nameRules = (requiredMessage: string): Rule[] => [
    { required: true, whitespace: true, message: requiredMessage },
    { max: 60, message: t('profile.edit.validation.nameTooLong') },
    { pattern: NAME_PATTERN, message: t('profile.edit.validation.nameInvalid') },
  ];

  const onFinish = async (values: ProfileForm) => {
    setFormError(null);
    setShowingMissing(false);
    if (!info?.id) {
      setFormError(t('profile.edit.userIdNotFound'));
      return;
    }
    const email = values.email.trim().toLowerCase();
    const rest: UpdateProfileBody = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      dateOfBirth: toIsoDate(values.dateOfBirth),
      phoneCode: values.phoneCode ?? DEFAULT_PHONE_CODE,
      phoneNumber: values.phoneNumber,
    };
    if (email !== info.email) {
      // A new address is the member's only once it returns the code sent to it; the rest of the
      // form is saved after that, so one Save does both.
      try {
        const sent = await sendChangeCode.mutateAsync({ email, language: currentLanguage() });
        setPendingChange({ email, resendAfterSeconds: sent.resendAfterSeconds, rest });
      } catch (error) {
        setFormError(errorMessage(t, error));
      }
      return;
    }
    await saveRest(rest);
  };

  const saveRest = async (rest: UpdateProfileBody) => {
    try {
      await save.mutateAsync(rest);
      toast.success(t('profile.edit.success'));
    } catch (error) {
      setFormError(errorMessage(t, error));
    }
  };

  const onEmailConfirmed = () => {
    if (!pendingChange) return;
    const { email, rest } = pendingChange;
    setPendingChange(null);
    toast.success(t('profile.edit.emailChange.changed', { email }));
    void saveRest(rest);
  };

  useDocumentTitle(t('profile.edit.title'));

  /** 'Please fill in all required information: …' with what is empty now, or null when nothing is. */
  const missingSummary = () => {
    const values = form.getFieldsValue(true) as Partial<ProfileForm>;
    const missing = FIELD_ORDER.filter((name) => isEmpty(values[name])).map((name) => labels[name]);
    return missing.length > 0
      ? t('profile.edit.missingList', { fields: missing.join(t('profile.edit.listSeparator')) })
      : null;
  };
  /** Whether the message under the form is the summary (kept up to date as fields are filled). */
  const [showingMissing, setShowingMissing] = useState(false);

  const onFinishFailed = () => {
    const summary = missingSummary();
    setShowingMissing(summary !== null);
    setFormError(summary);
  };

  // The summary follows the fields; any other message (a refused save) goes at the next change.
  const onValuesChange = () => {
    if (showingMissing) {
      const summary = missingSummary();
      setShowingMissing(summary !== null);
      setFormError(summary);
    } else if (formError) setFormError(null);
  };

  return (
    <div className={styles.editPage}>
      <div className={page.heading}>
        {profileComplete && <BackLink to={to(paths.profile)} />}
        <h1 className={page.title}>{t('profile.edit.title')}</h1>
      </div>
      {!profileComplete && <p className={page.lead}>{t('profile.edit.completeIntro')}</p>}

      <AvatarPicker />

      <AppForm<ProfileForm>
        form={form}
        name="profile"
        layout="vertical"
        requiredMark="optional"
        scrollToFirstError={{ block: 'center' }}
        initialValues={{
          firstName: info?.firstName ?? '',
          lastName: info?.lastName ?? '',
          email: info?.email ?? '',
          dateOfBirth: info?.dateOfBirth ? dayjs(info.dateOfBirth) : null,
          phoneCode: info?.phoneCode ?? DEFAULT_PHONE_CODE,
          phoneNumber: info?.phoneNumber ?? '',
        }}
        onFinish={(values) => void onFinish(values)}
        onFinishFailed={onFinishFailed}
        onValuesChange={onValuesChange}
        onKeyDown={keepEnterInPickers}
      >
        {NAME_FIELDS.map((field) => (
          <Form.Item<ProfileForm>
            key={field.name}
            name={field.name}
            label={labels[field.name]}
            rules={nameRules(t(field.required))}
          >
            <Input data-testid={field.testId} autoComplete={field.autoComplete} maxLength={60} />
          </Form.Item>
        ))}
        <Form.Item<ProfileForm>
          name="email"
          label={labels.email}
          extra={changingEmail ? t('profile.edit.emailChange.hint') : undefined}
          rules={emailRules({
            required: t('profile.edit.validation.emailRequired'),
            invalid: t('profile.edit.validation.emailInvalid'),
          })}
        >
          <Input data-testid="profile-email" {...EMAIL_INPUT_PROPS} />
        </Form.Item>
        <Form.Item<ProfileForm>
          name="dateOfBirth"
          label={labels.dateOfBirth}
          normalize={normalizeDob}
          rules={[{ required: true, message: t('profile.edit.validation.dobRequired') }]}
        >
          <DobPicker
            lang={lang}
            data-testid="profile-dob"
            placeholder={t('profile.edit.placeholders.dateOfBirth')}
          />
        </Form.Item>
        <div className={styles.phoneRow}>
          <Form.Item<ProfileForm>
            name="phoneCode"
            label={labels.phoneCode}
            className="phone-code"
            rules={[{ required: true, message: t('profile.edit.validation.phoneCodeRequired') }]}
          >
            <PhoneCodeSelect lang={lang} data-testid="profile-phone-code" />
          </Form.Item>
          <Form.Item<ProfileForm>
            name="phoneNumber"
            label={labels.phoneNumber}
            className="phone-number"
            normalize={(v: string) => v.replace(/\D/g, '')}
            rules={[
              { required: true, message: t('profile.edit.validation.phoneRequired') },
              {
                validator: (_, value: string | undefined) =>
                  isEmpty(value) || PHONE_PATTERN.test(value ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('profile.edit.validation.phoneInvalid'))),
              },
            ]}
          >
            <Input
              data-testid="profile-phone-number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              placeholder={t('profile.edit.placeholders.phoneNumber')}
            />
          </Form.Item>
        </div>

        <FormError error={formError} testId="profile-form-error" />

        <Button
          type="primary"
          htmlType="submit"
          block
          loading={saving || sendChangeCode.isPending}
          data-testid="profile-save"
        >
          {t('profile.edit.save')}
        </Button>
      </AppForm>

      <EmailChangeDialog
        email={pendingChange?.email ?? null}
        resendAfterSeconds={pendingChange?.resendAfterSeconds ?? 0}
        onConfirmed={onEmailConfirmed}
        onCancel={() => setPendingChange(null)}
      />
    </div>
  );
}

export default EditProfileScreen;
