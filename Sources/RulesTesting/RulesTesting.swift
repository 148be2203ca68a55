// Rules unit tests and coverage (issue 6).
