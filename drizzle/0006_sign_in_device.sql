-- Sign-in throttle per account and client (issue 18): the device cookie a failed attempt carried.
ALTER TABLE "sign_in_failures" ADD COLUMN "device" text;
