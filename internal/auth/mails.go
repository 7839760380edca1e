package auth

import "fmt"

// signupMail is the code mail of a new registration.
func signupMail(name, code, baseURL string) (subject, text string) {
	return code + " is your Musicify sign-up code", fmt.Sprintf(`Hi %s,

welcome to Musicify! Enter this code to finish creating your account:

    %s

The code works once and expires in 10 minutes.

If you did not sign up for Musicify, you can ignore this mail: no account
is created without the code.

Musicify
%s
`, name, code, baseURL)
}

// resetMail is the code mail of a password reset.
func resetMail(name, code, baseURL string) (subject, text string) {
	return code + " is your Musicify password reset code", fmt.Sprintf(`Hi %s,

someone, hopefully you, asked to reset the password of your Musicify
account. Enter this code to choose a new password:

    %s

The code works once and expires in 10 minutes. Changing the password
signs you out on every device.

If you did not ask for this, ignore this mail: your password stays as it is.

Musicify
%s
`, name, code, baseURL)
}

// accountExistsMail answers a sign-up with an email that has an account:
// its owner learns of it, the one who typed it learns nothing.
func accountExistsMail(name, baseURL string) (subject, text string) {
	return "You already have a Musicify account", fmt.Sprintf(`Hi %s,

someone, perhaps you, tried to create a Musicify account with this email.
You already have one, under the username %s: sign in at

    %s/login

If you forgot your password, choose "Forgot your password?" there.

If it was not you, ignore this mail: nothing was changed.

Musicify
%s
`, name, name, baseURL, baseURL)
}

// emailChangeMail carries the code that moves an account to this address.
func emailChangeMail(name, code, baseURL string) (subject, text string) {
	return code + " is your Musicify email change code", fmt.Sprintf(`Hi %s,

you asked to use this address for your Musicify account. Enter this code
in Settings to confirm it:

    %s

The code works once and expires in 10 minutes.

If you did not ask for this, ignore this mail: no account moves to this
address without the code.

Musicify
%s
`, name, code, baseURL)
}
