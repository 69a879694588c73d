import { z } from 'zod';

export const LoginSchema = z.object({
  username: z.string().trim().min(1, 'staffAuth.usernameRequired').max(100),
  password: z.string().min(1, 'staffAuth.passwordRequired').max(200),
});
export type LoginInput = z.infer<typeof LoginSchema>;
