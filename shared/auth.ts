// Account schemas shared by the server (validation) and the client (forms and types).
// Messages are i18n keys under "validation.*": the client translates them, and the REST
// adapter turns them into English sentences for other clients.
import { z } from 'zod';
import type { USER_STATUSES} from './constants';
import { MIN_PASSWORD_LENGTH, USER_TYPES } from './constants';
import { emailSchema, optionalEmail, personName, text } from './fields';

// Passwords are never shown, only hashed: any character is allowed in them.
export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(MIN_PASSWORD_LENGTH, 'validation.passwordTooShort')
  .max(1024, 'validation.passwordTooLong');

export const userTypeSchema = z.enum(USER_TYPES, { error: 'validation.userTypeRequired' });

export const registerInput = z
  .object({
    name: personName('validation.nameRequired'),
    lname: personName('validation.lnameRequired'),
    email: emailSchema,
    password: passwordSchema,
    type: userTypeSchema,
    // An empty string from a form means "no doctor": only a filled value is checked.
    doctorEmail: optionalEmail,
  })
  .refine((input) => input.type === 'patient' || input.doctorEmail === undefined, {
    path: ['doctorEmail'],
    message: 'validation.doctorEmailPatientsOnly',
  });
export type RegisterInput = z.input<typeof registerInput>;

/** The register form adds the confirmation, which never leaves the browser. */
export const registerForm = z
  .object({
    name: personName('validation.nameRequired'),
    lname: personName('validation.lnameRequired'),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    type: userTypeSchema,
    doctorEmail: text({ max: 254, lengthKey: 'validation.emailTooLong' }).optional(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDoNotMatch',
  })
  .refine((form) => !form.doctorEmail || z.email().safeParse(form.doctorEmail).success, {
    path: ['doctorEmail'],
    message: 'validation.emailInvalid',
  });
export type RegisterForm = z.input<typeof registerForm>;

export const loginInput = z.object({
  email: emailSchema,
  // Never length-checked at sign-in: an old short password must still be able to fail cleanly.
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(1024),
});
export type LoginInput = z.input<typeof loginInput>;

/** On User: what second factors the account has (the factors themselves: second-factor.ts). */
export interface TwoFactorState {
  totp: boolean;
  passkeys: number;
}

export interface User {
  idUser: number;
  name: string;
  lname: string;
  email: string;
  type: (typeof USER_TYPES)[number];
  phone: string | null;
  address: string | null;
  /** The practice administrator: the first medic of an install. */
  isAdmin: boolean;
  status: (typeof USER_STATUSES)[number];
  /** After an administrator's reset: every call but change-password, profile and logout answers 403. */
  mustChangePassword: boolean;
  /** The second factors the account has: a confirmed TOTP, and how many passkeys. */
  twoFactor: TwoFactorState;
}

export interface Session {
  access_token: string;
  user: User;
}

/** A medic who registers on an install that already has an administrator gets no token yet. */
export interface PendingRegistration {
  pending: true;
  message: string;
}

export const isPendingRegistration = (value: Session | PendingRegistration): value is PendingRegistration =>
  'pending' in value && value.pending === true;

export const changePasswordInput = z.object({
  currentPassword: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(1024),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** The change-password form adds the confirmation, which never leaves the browser. */
export const changePasswordForm = changePasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDoNotMatch',
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;
