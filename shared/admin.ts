// Shapes and inputs of the practice administration (API.md "Practice administration").
import { z } from 'zod';
import { emailSchema, idSchema } from './fields';
import type { USER_STATUSES, USER_TYPES } from './constants';

export interface MedicAccount {
  idMedic: number;
  idUser: number;
  name: string;
  lname: string;
  email: string;
  status: (typeof USER_STATUSES)[number];
  isAdmin: boolean;
  createdAt: string;
}

export interface AccountSummary {
  idUser: number;
  name: string;
  lname: string;
  email: string;
  type: (typeof USER_TYPES)[number];
  status: (typeof USER_STATUSES)[number];
}

export const medicIdInput = z.object({ idMedic: idSchema });
export const userIdInput = z.object({ idUser: idSchema });
export const accountLookupInput = z.object({ email: emailSchema });
