import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@coffer/ui';

type Mode = 'sign-in' | 'sign-up';

/** /login: one card that toggles between signing in and signing up (the forms come with auth). */
export function LoginPage() {
  const [mode, setMode] = useState<Mode>('sign-in');
  const signingIn = mode === 'sign-in';

  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">{signingIn ? 'Sign in to your account' : 'Create your account'}</CardTitle>
          <CardDescription>
            {signingIn ? "Don't have an account? " : 'Already have an account? '}
            <button
              type="button"
              className="font-medium text-foreground underline underline-offset-4"
              onClick={() => setMode(signingIn ? 'sign-up' : 'sign-in')}
            >
              {signingIn ? 'Sign up' : 'Sign in'}
            </button>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-center text-xs text-muted-foreground">
            By continuing you agree to our{' '}
            <Link to="/terms" className="underline underline-offset-4">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className="underline underline-offset-4">
              Privacy Policy
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
