/** Issue 34 "Marketing contacts": the newsletter's confirmation and unsubscribe pages, in English. */
export const newsletterLinksForEnglish = {
  confirmTitle: 'Newsletter subscription',
  confirmedNext: 'New arrivals and auction dates come to you by e-mail. Each one has a link to unsubscribe.',
  confirmInvalid:
    'This confirmation link is not valid or has expired. Sign up again with the newsletter field at the foot of any page.',
  leaveTitle: 'Unsubscribe from the newsletter',
  leaveQuestion: 'Take this address off our newsletter list?',
  leaveExplain:
    'We send no more newsletters to it. You can sign up again at any time at the foot of any page.',
  leave: 'Unsubscribe',
  left: 'This address is off our newsletter list.',
  leaveInvalid: 'This unsubscribe link is not valid. Use the link at the end of the newsletter e-mail.',
} as const;
