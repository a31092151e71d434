/* Three small loops of our own for the GCC SMS dump reader's test (tessera.modsched.tests GccSmsDumpTest).
   Regenerate loops.sms with ./regenerate.sh (Debian's gcc-powerpc64le-linux-gnu). */
double dot(int n, const double *x, const double *y) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

void scale(int n, float a, float *restrict x) {
  for (int i = 0; i < n; i++)
    x[i] = a * x[i];
}

void recurrence(int n, double *a, const double *b) {
  for (int i = 2; i < n; i++)
    a[i] = a[i - 1] * b[i] + a[i - 2];
}
