print({9, 3}, list({10, 2}))
