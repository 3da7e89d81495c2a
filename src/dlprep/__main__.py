from dlprep.cli.app import main

main()
