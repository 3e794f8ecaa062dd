/* vs-eval-weights-strato.h — Strato evaluation weights (cp).
 * Hand-set; `variant-study-cli tune` rewrites this table. */
#define VS_EVAL_WEIGHTS_STRATO(X) \
  X (TEMPO,           10)
