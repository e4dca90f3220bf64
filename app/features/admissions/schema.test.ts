import { describe, expect, it } from "vitest";
import { applicationSchema } from "./schema";

const schema = applicationSchema({ openClasses: ["Nursery", "LKG", "UKG", "Class 1", "Class 2"], cutOff: "2027-03-31" });
const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "photo.png", { type: "image/png" });
const valid = {
  childName: "Ananya  Roy", dateOfBirth: "2020-05-10", gender: "Girl", classApplied: "Class 1", nationality: "Indian", motherTongue: "Bengali", category: "General",
  motherName: "Rupa Roy", mobile: "+91 98765-43210", address: "12 Station Road", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes", photo, birthCertificateLater: "yes",
};
const errorsOf = (input: Record<string, unknown>) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the application schema", () => {
  it("is built once for the same settings, and anew for others: a class opened or a cut-off moved takes effect", () => {
    expect(applicationSchema({ openClasses: ["Nursery", "LKG", "UKG", "Class 1", "Class 2"], cutOff: "2027-03-31" })).toBe(schema);
    const wider = applicationSchema({ openClasses: ["Nursery", "LKG", "UKG", "Class 1", "Class 2", "Class 9"], cutOff: "2027-03-31" });
    expect(wider).not.toBe(schema);
    expect(wider.safeParse({ ...valid, classApplied: "Class 9", previousSchool: "St. Agnes", lastClassPassed: "Class 8", fatherName: "Amit Roy" }).success).toBe(true);
    expect(errorsOf({ ...valid, classApplied: "Class 9" }).classApplied).toBe("Choose one of the classes open for admission");
    const later = applicationSchema({ openClasses: ["Nursery", "LKG", "UKG", "Class 1", "Class 2"], cutOff: "2026-03-31" });
    expect(later.safeParse({ ...valid, dateOfBirth: "2020-05-10" }).error?.issues[0]?.message).toBe("Not eligible for Class 1: 5 years old on 31 March 2026; Class 1 needs 6+. UKG fits this age: choose it instead.");
  });
  it("accepts a complete form and normalises the mobile and the name", () => {
    const r = schema.parse(valid);
    expect(r.mobile).toBe("9876543210");
    expect(r.childName).toBe("Ananya Roy");
  });
  it("lists every problem at once, the cross-field ones too, on an empty form", () => {
    const errors = errorsOf({ classApplied: "Class 2", dateOfBirth: "2021-06-15" });
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["childName", "gender", "mobile", "pinCode", "photo", "consent", "fatherName", "previousSchool", "lastClassPassed", "birthCertificate"]));
  });
  it("refuses a too-young child for Class 1 beside the date of birth, naming the class that fits", () => {
    expect(errorsOf({ ...valid, dateOfBirth: "2021-06-15" }).dateOfBirth).toBe("Not eligible for Class 1: 5 years old on 31 March 2027; Class 1 needs 6+. UKG fits this age: choose it instead.");
    expect(errorsOf({ ...valid, dateOfBirth: "2021-06-15", classApplied: "UKG" })).toEqual({});
  });
  it("refuses a class that is not open, a missing consent, a bad PIN and a 13-digit Aadhaar; Aadhaar is optional", () => {
    const e = errorsOf({ ...valid, classApplied: "Class 9", consent: undefined, pinCode: "021301", aadhaar: "2345 6789 01234" });
    // Class 9 also asks for the previous school and the last class passed.
    expect(Object.keys(e).sort()).toEqual(["aadhaar", "classApplied", "consent", "lastClassPassed", "pinCode", "previousSchool"]);
    expect(errorsOf({ ...valid, aadhaar: undefined })).toEqual({});
  });
  it("asks for the birth certificate unless it is to be submitted later (RTE §14)", () => {
    expect(errorsOf({ ...valid, birthCertificateLater: undefined }).birthCertificate).toBe("Attach the birth certificate, or tick 'to be submitted later'");
    expect(errorsOf({ ...valid, birthCertificateLater: undefined, birthCertificate: photo })).toEqual({});
  });
  it("normalises the parents' mobile numbers with the site's rule, and refuses a bad one", () => {
    const r = schema.parse({ ...valid, mobile: "098765 43210", fatherMobile: "919876543211", motherMobile: "" });
    expect([r.mobile, r.fatherMobile, r.motherMobile]).toEqual(["9876543210", "9876543211", ""]);
    expect(errorsOf({ ...valid, motherMobile: "12345" }).motherMobile).toBe("Please enter a valid 10-digit mobile number");
  });
});
