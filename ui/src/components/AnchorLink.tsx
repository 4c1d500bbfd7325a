import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';

type MantineAnchorProps = AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>;

const MantineAnchor = forwardRef<HTMLAnchorElement, MantineAnchorProps>((props, ref) => (
  <Anchor ref={ref} {...props} />
));

const CreatedAnchorLink = createLink(MantineAnchor);

/** A router link styled as a Mantine Anchor (TanStack's createLink pattern for component libraries). */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);
