r"""attn: attention in numpy, as reads: each query takes in the sources' values by weight.

Many reads laid side by side become one matrix operation: ``Y = softmax_key(QKᵀ) V``.

>>> import attn
>>> from attn.lesson import Q, K, V
>>> attn.read(Q, K, V).weights.sum(axis=-1)
array([1., 1.])
"""

from attn.reading import Reading, read, scores
from attn.softmax import softmax

__version__ = "0.1.0"

__all__ = ["Reading", "__version__", "read", "scores", "softmax"]
