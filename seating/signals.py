"""What seating tells the apps built on it, without knowing them.

``seats_drawn`` is sent inside the draw's transaction, once the tables and seats are saved, with
``tournament=``: an app that keeps something per table (scoring's entry links) makes it then, in the same
transaction, so a drawn table never lacks it and no page has to create it while it is being read.
"""

from django.dispatch import Signal

seats_drawn = Signal()
