import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';

type MantineButtonProps = ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>;

const MantineButtonAnchor = forwardRef<HTMLAnchorElement, MantineButtonProps>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));

const CreatedButtonLink = createLink(MantineButtonAnchor);

/** A router link styled as a Mantine Button, with typed search params (TanStack's createLink pattern). */
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
