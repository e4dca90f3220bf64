/** Admin Login form rules (SPEC §5): e-mail and password both required, e-mail format. */
import { z } from "zod";

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email address").max(254).pipe(z.email("Please enter a valid email address")),
  password: z.string().min(1, "Please enter your password").max(1024),
  redirectTo: z.string().max(2000).optional(),
});
