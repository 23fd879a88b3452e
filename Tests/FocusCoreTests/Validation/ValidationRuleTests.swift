import FocusCore
import Testing

@Suite("Validation rules")
struct ValidationRuleTests {
    @Test(
        "Everyday email addresses pass",
        arguments: [
            "ada@example.com", "a.lovelace+gifts@mail.example.co.uk", "x_y-z@sub-domain.example.org", "O'Brien@example.ie",
        ])
    func goodEmail(text: String) {
        #expect(ValidationRule.emailAddress.problem(with: text) == nil)
    }

    @Test(
        "Malformed email addresses are refused with an example to follow",
        arguments: [
            "ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "ada@example.c", "ada lovelace@example.com",
            ".ada@example.com", "ada.@example.com", "a..b@example.com", "ada@-example.com", "ada@example..com",
            "ada@exam_ple.com",
            "ada@example.c0m", "adä@example.com",
        ])
    func badEmail(text: String) {
        #expect(ValidationRule.emailAddress.problem(with: text) == "Enter an email address like name@example.com.")
    }

    @Test(
        "Phone numbers with 7 to 15 digits and the usual punctuation pass",
        arguments: [
            "5551234", "+44 20 7946 0000", "(020) 7946-0000", "+1 (555) 123-4567", "123456789012345",
        ])
    func goodPhone(text: String) {
        #expect(ValidationRule.phoneNumber.problem(with: text) == nil)
    }

    @Test(
        "Other phone numbers are refused",
        arguments: [
            "555123", "1234567890123456", "555-CALL-NOW", "44+ 20 7946 0000", "(020 7946 0000", "020) 7946 0000",
            "((020)) 7946 0000", "+44.20.7946.0000",
        ])
    func badPhone(text: String) {
        #expect(ValidationRule.phoneNumber.problem(with: text)?.hasPrefix("Enter a phone number of 7 to 15 digits") == true)
    }

    @Test("Only required refuses empty text; whitespace counts as empty")
    func emptyText() {
        #expect(ValidationRule.required(message: "Enter your name.").problem(with: " \n") == "Enter your name.")
        #expect(ValidationRule.required(message: "Enter your name.").problem(with: "Ada") == nil)
        #expect(ValidationRule.emailAddress.problem(with: "") == nil)
        #expect(ValidationRule.phoneNumber.problem(with: "") == nil)
    }

    @Test("Maximum length counts characters a person sees")
    func maximumLength() {
        #expect(ValidationRule.maximumLength(3).problem(with: "👩‍👩‍👧🇬🇧é") == nil)
        #expect(ValidationRule.maximumLength(3).problem(with: "abcd") == "Shorten this to at most 3 characters (it has 4).")
    }

    @Test("The first failing rule speaks for the field")
    func firstProblem() {
        let rules: [ValidationRule] = [.required(message: "Enter a phone number."), .phoneNumber]
        #expect(ValidationRule.firstProblem(in: rules, with: "") == "Enter a phone number.")
        #expect(ValidationRule.firstProblem(in: rules, with: "12")?.hasPrefix("Enter a phone number of") == true)
        #expect(ValidationRule.firstProblem(in: rules, with: "5551234") == nil)
    }
}
