/** Admin Login form rules (SPEC §5): e-mail and password both required, e-mail format; and the password reset forms. */
import { z } from "zod";

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email address").max(254).pipe(z.email("Please enter a valid email address")),
  password: z.string().min(1, "Please enter your password").max(1024),
  redirectTo: z.string().max(2000).optional(),
});

/** The e-mail of the forgot-password form. */
export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email address").max(254).pipe(z.email("Please enter a valid email address")),
});

/**
 * A new password typed twice (an invitation, a reset): at least `minLength` characters
 * (auth.server.ts MIN_PASSWORD_LENGTH), at most 128 (better-auth's limit), the two the same.
 */
export function newPasswordSchema(minLength: number) {
  return z
    .object({
      password: z.string().min(minLength, `Please choose a password of at least ${minLength} characters`).max(128, "Please keep the password to 128 characters or fewer"),
      confirm: z.string().max(1024),
    })
    .refine((v) => v.password === v.confirm, { message: "The two passwords are not the same", path: ["confirm"] });
}
