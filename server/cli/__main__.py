from secretloop.cli import main

# The guard matters: worker processes of the parallel scan re-import the main module.
if __name__ == "__main__":
    raise SystemExit(main())
