// The smallest parts every answer schema of the API description is made of.
import { z } from 'zod';

export const text = z.string();
export const nullableText = z.string().nullable();
export const id = z.number().int().positive();
export const nullableNumber = z.number().nullable();
