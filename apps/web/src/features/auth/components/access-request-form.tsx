import { CreateAccessRequestBody } from '@trashegimia/contract/access-requests';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api/api-error';
import { useAppConfig } from '@/shared/api/get-app-config';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { TextareaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { useRequestAccess } from '../api/request-access';
import type { CaptchaHandle } from './altcha-captcha';
import { CaptchaField } from './captcha-field';

type Fields = { name: string; email: string; institution: string; purpose: string };
type Field = keyof Fields;

const EMPTY: Fields = { name: '', email: '', institution: '', purpose: '' };

/** The contract's own check of each field, so the page refuses what the server would, naming the field. */
const problemsOf = (fields: Fields): Partial<Record<Field, 'required' | 'invalid'>> => {
  const parsed = CreateAccessRequestBody.omit({ captcha: true }).safeParse(fields);
  if (parsed.success) return {};
  const problems: Partial<Record<Field, 'required' | 'invalid'>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    problems[field] ??= fields[field].trim() === '' ? 'required' : 'invalid';
  }
  return problems;
};

type AccessRequestFormProps = {
  /** Called with the address the reply will go to, once the server has the request. */
  onSent: (email: string) => void;
};

/** Name, email, institution, purpose and a captcha: a request for an account that an administrator decides. */
export const AccessRequestForm = ({ onSent }: AccessRequestFormProps) => {
  const { t } = useTranslation('accessRequests');
  const errorText = useErrorText();
  const config = useAppConfig();
  const request = useRequestAccess();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [captchaMissing, setCaptchaMissing] = useState(false);

  const problems = submitted ? problemsOf(fields) : {};
  // The server names the field it refuses (an address already waiting): the text goes beside it.
  const refusedField = isApiError(request.error) ? (request.error.field as Field | 'captcha' | null) : null;
  const refusal = request.error
    ? isApiError(request.error) && request.error.code === 'too_many_requests'
      ? t('request.tooMany', { minutes: Math.max(1, Math.ceil((request.error.retryAfterSeconds ?? 60) / 60)) })
      : errorText(request.error, t('request.failed'))
    : null;
  const fieldError = (field: Field, required: string, invalid?: string) =>
    problems[field] === 'required'
      ? required
      : problems[field] === 'invalid'
        ? (invalid ?? null)
        : refusedField === field
          ? refusal
          : null;

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    setSubmitted(true);
    if (Object.keys(problemsOf(fields)).length > 0) return;
    if (!captcha) {
      setCaptchaMissing(true);
      return;
    }
    setCaptchaMissing(false);
    request.mutate(
      { ...fields, captcha },
      {
        onSuccess: () => onSent(fields.email.trim()),
        onError: () => {
          // A solution is good for one attempt only.
          setCaptcha(null);
          captchaRef.current?.reset();
        },
      },
    );
  };

  const captchaContext = config.data?.captcha.provider === 'recaptcha' ? 'recaptcha' : undefined;

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <TextField
        label={t('request.name')}
        name="name"
        autoComplete="name"
        required
        value={fields.name}
        onChange={set('name')}
        error={fieldError('name', t('request.validation.nameRequired'))}
      />
      <TextField
        label={t('request.email')}
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={fields.email}
        onChange={set('email')}
        error={fieldError('email', t('request.validation.emailRequired'), t('request.validation.emailInvalid'))}
      />
      <TextField
        label={t('request.institution')}
        name="institution"
        autoComplete="organization"
        value={fields.institution}
        onChange={set('institution')}
      />
      <TextareaField
        label={t('request.purpose')}
        hint={t('request.purposeHint')}
        name="purpose"
        required
        value={fields.purpose}
        onChange={set('purpose')}
        error={fieldError('purpose', t('request.validation.purposeRequired'))}
      />

      <CaptchaField
        ref={captchaRef}
        onChange={(solution) => {
          setCaptcha(solution);
          if (solution) setCaptchaMissing(false);
        }}
      />
      {captchaMissing && <Alert>{t('request.validation.captchaRequired', { context: captchaContext })}</Alert>}
      {refusal && (refusedField === null || refusedField === 'captcha') && <Alert>{refusal}</Alert>}

      <Button type="submit" loading={request.isPending} disabled={request.isPending} className="w-full py-2.5">
        {request.isPending ? t('request.submitting') : t('request.submit')}
      </Button>
    </form>
  );
};
