export interface TermsSection {
  id: string;
  title: string;
  paragraphs: string[];
}

/** The ten sections of the original app's terms page, in its order. */
export const termsSections: TermsSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    paragraphs: [
      'Welcome to Musicify. These terms are the agreement between you and the people who run this Musicify server (“we”, “us”). They cover your account and everything you do with it: listening, uploading, building playlists, following other listeners, joining radio stations and talking to the assistant.',
      'Please read them before you create an account. By ticking the box on the sign-up page, or by signing in with Google, you confirm that you have read these terms and agree to them. If you do not agree, please do not use Musicify.',
    ],
  },
  {
    id: 'user-responsibilities',
    title: 'User responsibilities',
    paragraphs: [
      'You must be at least 8 years old to use Musicify. If you are under the age at which you can agree to a contract where you live, a parent or guardian must agree to these terms for you and stay responsible for how you use the service.',
      'Keep your password to yourself and tell us if you think someone else has used your account. Give a real email address, because that is where your sign-up and password reset codes are sent.',
      'Be kind to other listeners. Do not upload anything illegal, hateful or harmful, do not pretend to be someone else, do not try to break into accounts or the server, and do not use scripts that overload the service.',
    ],
  },
  {
    id: 'content-rights',
    title: 'Content rights',
    paragraphs: [
      'The songs, covers, playlists and other material you upload stay yours. You may only upload material that you own or have permission to share. By uploading it, you allow us to store it, convert it into formats that stream well and play it to the people you share it with, for as long as it stays on Musicify.',
      'The music that other people upload belongs to them or to the artists who licensed it. Listening on Musicify and saving songs for offline listening gives you a personal right to enjoy them, not a right to resell, republish or broadcast them.',
      'If you believe that something on Musicify infringes your rights, contact us (see Contact) with enough detail for us to find it, and we will remove it when the claim is well founded.',
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    paragraphs: [
      'We keep only what the service needs: your username, your email address, a securely hashed version of your password, and what you do in the app, such as the songs you play, like and upload, the playlists you make and the people you follow. We use your listening history to recommend music to you.',
      'Your email address is used to send you sign-up and password reset codes, and is shown only on profiles as described in the app. We do not sell your data, and we do not use third-party advertising or tracking. Your session is kept in a cookie that is needed to keep you signed in.',
      'You can ask us at any time for a copy of your data or for your account and its data to be deleted.',
    ],
  },
  {
    id: 'payment-terms',
    title: 'Payment terms',
    paragraphs: [
      'Musicify is free. There are no paid plans, subscriptions or in-app purchases today, and we will never ask you for card details inside the app.',
      'If payments are ever introduced, they will be optional. We will describe the price, what it pays for and how to cancel before you are asked to pay, update these terms at least 30 days in advance, and nothing you can do for free today will be taken away without that notice.',
    ],
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    paragraphs: [
      'Musicify is provided “as is”. We work hard to keep it running and your music safe, but we cannot promise that the service will always be available, free of errors or that uploaded files can never be lost. Please keep your own copies of music that matters to you.',
      'Recommendations and the assistant’s answers are generated automatically and may be wrong or unsuitable; use your own judgement. To the extent the law allows, we are not liable for indirect losses arising from your use of Musicify.',
    ],
  },
  {
    id: 'termination',
    title: 'Termination',
    paragraphs: [
      'You can stop using Musicify at any time and ask us to delete your account.',
      'We may suspend or close an account that breaks these terms, puts other listeners at risk or harms the service. When we can, we will tell you why and give you a chance to download what you uploaded first.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes',
    paragraphs: [
      'We may update these terms as Musicify grows. When a change matters, we will let you know in the app or by email before it takes effect. If you keep using Musicify after the change takes effect, the new terms apply; if you do not agree with them, you can close your account.',
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    paragraphs: [
      'These terms are governed by the laws of the country in which the operator of this Musicify server is established. Any dispute that we cannot settle together will be decided by the courts of that country, without taking away any protection that the consumer law of the place where you live gives you.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    paragraphs: [
      'Questions about these terms, your data or content on Musicify go to the people who run this server. Reply to any mail Musicify sent you, or ask the person who invited you, and we will get back to you as soon as we can.',
    ],
  },
];
